/* THDGlooStore: Gloo's rendezvous store over rank 0's THD store. Gloo's contexts find their peers
 * by publishing their addresses under keys of a gloo::rendezvous::Store and reading the others';
 * this class passes those keys to the THDStoreClient that the process group lends the channel,
 * and turns its failures into Gloo's own exception, which the channel catches at its C boundary.
 * On the path of init_process_group('gloo'): THDChannelGloo's open → a PrefixStore over this
 * store → gloo::rendezvous::Context::connectFullMesh → set/wait/get here → THDStore (rank 0). */
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include <gloo/rendezvous/store.h>

#include "THDChannel.h"

class THDGlooStore : public gloo::rendezvous::Store {
 public:
  /* `timeout` bounds a get or wait that does not name its own. The client is copied; what its
   * impl points to must outlive this store. */
  THDGlooStore(const THDStoreClient &client, std::chrono::milliseconds timeout);

  void set(const std::string &key, const std::vector<char> &data) override;
  std::vector<char> get(const std::string &key) override;
  void wait(const std::vector<std::string> &keys) override;
  void wait(const std::vector<std::string> &keys,
            const std::chrono::milliseconds &timeout) override;

 private:
  std::vector<char> fetch(const std::string &key, std::chrono::milliseconds timeout);

  THDStoreClient client_;
  std::chrono::milliseconds timeout_;
};
